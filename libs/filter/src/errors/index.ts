export { AccessConfigError, type AccessConfigIssue } from './access-config.error';
export { FilterParseError } from './filter-parse.error';
