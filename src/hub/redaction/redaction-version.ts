/**
 * The version of the rules the hub masks with (src/lib/redaction and maskTranscription), kept on
 * each mirrored row. Bump it whenever they mask more: reconciliation then mirrors again every row
 * still listed upstream that was masked under an older version, and hub.remask-mirror masks every
 * such row again from the stored copy, listed or not (docs/redaction.md, "The hub").
 * 1: conversations read as a whole, error messages, and the detectors of 29 November.
 */
export const HUB_REDACTION_VERSION = 1;
