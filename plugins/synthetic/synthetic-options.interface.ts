/** Options of `SyntheticOperationsModule.forRoot()`. */
export interface SyntheticOperationsOptions {
  /** How many operations to generate (ten per entity, across the four kinds). */
  count: number;
}
