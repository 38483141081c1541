export type {
  AccessConfig,
  AccessProfileConfig,
  ToolMode,
} from './access-config.interface';
export type { FilterSourceNames, FilterSpec, PatternListInput } from './filter-spec.interface';
