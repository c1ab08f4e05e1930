/** The words the summary reads a call by (call-facts.ts): problems, actions, refusals, moods, identifiers and dates. */
/** Words of a customer's sentence that state a problem or a request. */
export const problemCues = [
  'not',
  'never',
  'no longer',
  'cannot|cant|unable|wont|doesnt|didnt|isnt|hasnt|havent',
  'down|broken|faulty|stopped|failed|failing|crashed|freezing|leaking|flashing|restarting|dropping|slow|terrible|awful|wrong|late|delayed|missing|lost|stolen|locked|declined|blocked|damaged|cold|noisy|poor|bad',
  'keeps *',
  'charged|overcharged|charge|charges|fee|fees|bill|bills|billing|payment|refund|price',
  'problem|problems|issue|issues|trouble|fault|error|complaint',
  'need|want|would like|wanted|trying to|looking to',
  'help with',
  'why|how do i|how can i',
  'cancel|cancelled|moved|move|moving|ordered|order|change|upgrade|switch|close|open|book|report',
];

const actionVerbs =
  'booked|refunded|credited|ordered|scheduled|arranged|raised|logged|opened|applied|removed|waived|cancelled|set up|updated|sent|issued|escalated|transferred|reset|replaced|processed|added|changed|upgraded|fixed|reconnected|restored|reported|passed|asked|moved|extended|reduced|corrected|unlocked|activated|blocked|posted|emailed';
const futureVerbs =
  'book|refund|credit|order|schedule|arrange|raise|log|open|apply|remove|waive|cancel|set up|update|send|issue|escalate|transfer|reset|replace|process|add|change|upgrade|fix|reconnect|restore|report|pass|call you back|call back|email|post|arrange';
export const doneAction = new RegExp(
  `\\b(?:I|we)(?: have|'ve| just| also|'ve also| have also| have now|'ve now)* (${actionVerbs})\\b(.*)$`,
  'i',
);
export const willAction = new RegExp(`\\b(?:I|we)(?: will|'ll| am going to| are going to)(?: also| now)? (${futureVerbs})\\b(.*)$`, 'i');
export const clauseEnd =
  /\s+and (?=(?:an?|the|your|it|this|they) [a-z ]*?will\b).*$|,\s*(?:so|which|and it|it|but|and the customer|and your)\b.*$|\s+so (?:that )?(?:your|you|it)\b.*$|,\s*(?=\w+ will\b).*$/i;

export const refusalCues = [
  'nothing i can do',
  'nothing more i can do',
  'not able to',
  'unable to',
  'cannot do',
  'can not do',
  'nothing we can do',
];
export const satisfiedCues = [
  'great',
  'perfect',
  'brilliant',
  'lovely',
  'helpful',
  'that works',
  'works for me',
  'appreciate',
  'thank you so much',
  'thanks for your help',
  'thank you for your help',
  'excellent',
  'wonderful',
  'fantastic',
];
export const unhappyCues = [
  'disappointing',
  'disappointed',
  'not fair',
  'not happy',
  'useless',
  'unacceptable',
  'not very helpful',
  'ridiculous',
  'still not',
];
export const identifierCues: [string, string[]][] = [
  ['date of birth', ['date of birth', 'born']],
  ['postcode', ['postcode', 'post code', 'zip code']],
  ['security answer', ['security question', 'security answer', 'memorable word']],
  ['address', ['first line of * address', 'your address']],
  ['account number', ['account number']],
];
export const dateWords =
  /\b(today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|next week|next month|within [a-z0-9 ]+? (?:minutes?|hours?|days?|weeks?|working days?)|in [a-z0-9 ]+? (?:minutes?|hours?|days?|weeks?)|the [a-z]+ (?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|[a-z]+teenth|[a-z]+tieth))\b/i;
