export { CLUSTER_TOPIC, instanceTopic, sessionTopic } from './bus-topics';
export { InMemoryBusHub, InMemoryMessageBus } from './in-memory.message-bus';
export { type BusHandler, type BusMessage, type BusSubscription, MessageBus } from './message-bus';
export { RedisMessageBus, type RedisMessageBusOptions } from './redis.message-bus';
