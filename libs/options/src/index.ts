export {
  configFileOptions,
  isWholeAtLeast,
  type OptionSpec,
  type OptionTable,
  optionDefaults,
  optionMinimums,
} from './option-table';
