export { detectPersonalData, redactText, type RedactionResult } from './redact-text.js';
export { REDACTION_POLICIES, entityLabel, type RedactedSpan, type RedactionPolicy } from './policies.js';
export { RedactionOptions } from './redaction-options.js';
export { redactFieldValue, redactLabelledText } from './redact-labelled-text.js';
export { maskEchoes, redactConversation, type ConversationRedaction, type MaskedDigits } from './redact-conversation.js';
