/**
 * The resources as the hub reads them from any deployment (docs/hub-client.md, "Reading
 * answers"): the members the description promises, as the contract's schemas check them, except
 * that every promised timestamp is read in any ISO 8601 form with an offset and made canonical
 * (upstream-timestamp.ts). The contract's own schemas stay as the built-in service emits them.
 */
import { Configuration } from '../../../contract/configurations.js';
import { Evaluator } from '../../../contract/evaluators.js';
import { Participant } from '../../../contract/participants.js';
import { UpstreamTimestamp } from './upstream-timestamp.js';

export const UpstreamConfiguration = Configuration.extend({ created_at: UpstreamTimestamp });
export const UpstreamEvaluator = Evaluator.extend({ created_at: UpstreamTimestamp });
export const UpstreamParticipant = Participant.extend({ created_at: UpstreamTimestamp, updated_at: UpstreamTimestamp });
