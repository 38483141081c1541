export { FilterParseError } from './filter-parse.error';
