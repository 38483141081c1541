export { ClientFilters } from './client-filters';
export * from './errors';
export { FILTER_ENV_VARS, FILTER_HEADERS } from './filter.constants';
export { quote } from './filter-name.util';
export {
  type FilterNarrowing,
  filtersFromEnv,
  filtersFromHeaders,
  filtersFromNarrowing,
  type HeaderBag,
  narrowingFromEnv,
  narrowingFromHeaders,
} from './filter-source.parser';
export * from './interfaces';
export type { CallableRulesInput } from './interfaces/filter-spec.interface';
