/** Channels of the bus live under the connection's key prefix (`myko:`) plus this: `myko:bus:cluster`. */
export const BUS_CHANNEL_PREFIX = 'bus:';

/**
 * Publishes waiting for Redis' answer at most: past it a publish fails at once rather than queue
 * behind a Redis that stopped answering (each waits at most the command timeout).
 */
export const BUS_MAX_PENDING_PUBLISHES = 10_000;

/** Length of an instance id, which heads every message on the wire (`<instance id><JSON array>`). */
export const INSTANCE_ID_LENGTH = 10;
