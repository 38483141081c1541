/** Injection token of the `SyntheticOperationsOptions`. */
export const SYNTHETIC_OPTIONS = 'MYKO_SYNTHETIC_OPTIONS';
