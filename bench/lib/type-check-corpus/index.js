/** The type-check corpus: faulty scripts (each with its kind and line) and valid ones, over the example domain. */
const { CORPUS_FILTERS, FAULTY } = require('./faulty');
const { VALID } = require('./valid');

module.exports = { CORPUS_FILTERS, FAULTY, VALID };
