/**
 * A script of about `bytes` calling `distinct` operation ids no client can see, in turn (repeated when it is
 * longer): the shape of issue 39's 575 KiB flood.
 */
export function unknownIdScript(bytes: number, distinct: number): string;
