/**
 * What the console's Deliveries page needs from the built-in service: its accounts' outgoing
 * webhook deliveries and the actions on them. The hub never imports the built-in service (it
 * works against any deployment of the API), so the web process gives an implementation
 * (src/embedded/console-deliveries.ts) only when the built-in service runs in it.
 */

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';
export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const satisfies readonly DeliveryStatus[];

export interface DeliveryAttemptView {
  number: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export interface DeliveryView {
  /** Also the webhook-id header of every attempt. */
  id: string;
  eventType: string;
  transcriptionId: string | null;
  url: string;
  status: DeliveryStatus;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** Pending only: when the next attempt is due. */
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
  replayCount: number;
  lastReplayedAt: Date | null;
  attempts: DeliveryAttemptView[];
}

export interface DeliveryAccount {
  id: string;
  name: string;
}

export interface DeliveryAccountFacts extends DeliveryAccount {
  /** During a rotation's overlap: until when the previous signing secret still signs. */
  previousSecretExpiresAt: Date | null;
  /** Which signing secret is in force, as an opaque fingerprint: the rotate form sends it back. */
  secretVersion: string;
  counts: Record<DeliveryStatus, number>;
  configurations: { id: string; tag: string; urls: string[] }[];
}

export interface DeliveryListFilter {
  status?: DeliveryStatus | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  to?: Date | undefined;
  limit: number;
  cursor?: string | undefined;
}

export interface OutgoingDeliveries {
  /** Accounts by name (at most `limit`). */
  listAccounts(limit: number): Promise<DeliveryAccount[]>;
  /** The account (by id or name) with its delivery counts, configurations and secret overlap; not_found if none. */
  findAccount(ref: string): Promise<DeliveryAccountFacts>;
  listDeliveries(accountId: string, filter: DeliveryListFilter): Promise<{ deliveries: DeliveryView[]; nextCursor: string | null }>;
  /** One delivery with its attempts and body; not_found for another account's. */
  findDelivery(accountId: string, deliveryId: string): Promise<DeliveryView & { payload: string }>;
  /** A new attempt series for a delivered or failed delivery (conflict while pending). */
  replay(accountId: string, deliveryId: string): Promise<void>;
  /** How many failed deliveries created since `since` a recover would re-send now. */
  countRecoverable(accountId: string, since: Date): Promise<number>;
  /** Re-sends every failed delivery created since `since` (at most 1,000 a call). */
  recover(accountId: string, since: Date): Promise<{ deliveryIds: string[]; hasMore: boolean }>;
  /** A signed test event to the configuration's webhook URLs; the new delivery ids. */
  sendTestEvent(accountId: string, configurationId: string): Promise<string[]>;
  /**
   * A new signing secret; the previous one keeps signing for `overlapMs`. Conflict when the secret
   * in force is no longer the one `fromVersion` names (rotated since the form was loaded).
   */
  rotateSecret(
    accountId: string,
    overlapMs: number,
    fromVersion: string,
  ): Promise<{ secret: string; previousSecretExpiresAt: Date | null }>;
}
