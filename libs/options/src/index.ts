export {
  configFileOptions,
  isWholeAtLeast,
  type OptionSpec,
  type OptionTable,
  optionDefaults,
} from './option-table';
