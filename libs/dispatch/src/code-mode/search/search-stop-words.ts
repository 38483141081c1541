/**
 * English function words that say nothing about which operation is meant ("the orders of a
 * customer"): dropped from queries and from indexed text alike. Domain words (order, list, get,
 * status, open) are not stop words.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being both but by can ' +
    'could did do does doing each either else etc every for from further had has have having he her here hers ' +
    'him his how i if in into is it its itself just let me more most my no nor not now of off on once one only ' +
    'or other our ours out own please same she should so some such than that the their theirs them then there ' +
    'these they this those through to too under until up us use using very via want was we were what when ' +
    'where which while who whom whose why will with would you your yours'
  ).split(' '),
);
