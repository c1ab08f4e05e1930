import type { Db } from '../../db.js';

/** Where alerts and digests go: SLACK_DEFAULT_CHANNEL and SLACK_EVALUATOR_CHANNELS. */
export interface ChannelSettings {
  defaultChannel: string | null;
  /** evaluator_id (lower case) → channel, from the environment. */
  evaluatorChannels: Record<string, string>;
}

export interface AlertRoute {
  evaluatorId: string;
  channel: string;
  /** `admin`: set through the admin API (hub_alert_routes); `config`: SLACK_EVALUATOR_CHANNELS. */
  source: 'admin' | 'config';
}

/** Picks an evaluator's channel: its admin route, else its configured one, else the default (null when none). */
export type ChannelResolver = (evaluatorId: string | null) => string | null;

/** Reads the admin routes once and answers for any evaluator (the digest routes many at once). */
export async function loadChannelResolver(db: Db, settings: ChannelSettings): Promise<ChannelResolver> {
  const routes = await db.hubAlertRoute.findMany({ select: { evaluatorId: true, channel: true } });
  const admin = new Map(routes.map((r) => [r.evaluatorId, r.channel]));
  return (evaluatorId) => {
    if (evaluatorId === null) return settings.defaultChannel;
    const id = evaluatorId.toLowerCase();
    return admin.get(id) ?? settings.evaluatorChannels[id] ?? settings.defaultChannel;
  };
}

/** One evaluator's channel (same rule as loadChannelResolver, one lookup). */
export async function resolveAlertChannel(db: Db, settings: ChannelSettings, evaluatorId: string | null): Promise<string | null> {
  if (evaluatorId === null) return settings.defaultChannel;
  const id = evaluatorId.toLowerCase();
  const route = await db.hubAlertRoute.findUnique({ where: { evaluatorId: id }, select: { channel: true } });
  return route?.channel ?? settings.evaluatorChannels[id] ?? settings.defaultChannel;
}

/** For the admin API: routes an evaluator's alerts to `channel`, or (null) back to the configured one. */
export async function setEvaluatorChannel(db: Db, evaluatorId: string, channel: string | null): Promise<void> {
  const id = evaluatorId.toLowerCase();
  if (channel === null) {
    await db.hubAlertRoute.deleteMany({ where: { evaluatorId: id } });
    return;
  }
  const trimmed = channel.trim();
  if (!trimmed) throw new Error('a channel cannot be empty');
  await db.hubAlertRoute.upsert({
    where: { evaluatorId: id },
    create: { evaluatorId: id, channel: trimmed },
    update: { channel: trimmed },
  });
}

/** For the admin API: removes an evaluator's admin route; false when it had none. */
export async function removeEvaluatorChannel(db: Db, evaluatorId: string): Promise<boolean> {
  const { count } = await db.hubAlertRoute.deleteMany({ where: { evaluatorId: evaluatorId.toLowerCase() } });
  return count > 0;
}

/** For the admin API: every per-evaluator route in effect, admin routes first (they win). */
export async function listRoutes(db: Db, settings: ChannelSettings): Promise<AlertRoute[]> {
  const admin = await db.hubAlertRoute.findMany({ orderBy: { evaluatorId: 'asc' } });
  const adminIds = new Set(admin.map((r) => r.evaluatorId));
  const configured = Object.entries(settings.evaluatorChannels)
    .filter(([id]) => !adminIds.has(id))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([evaluatorId, channel]) => ({ evaluatorId, channel, source: 'config' as const }));
  return [...admin.map((r) => ({ evaluatorId: r.evaluatorId, channel: r.channel, source: 'admin' as const })), ...configured];
}
