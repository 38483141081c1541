/**
 * KEYS[1] the client's cooldown hash (u: cooling down until, l: cooldowns in a row), KEYS[2] its
 * strikes (sorted set, score = when); ARGV now, window ms, strikes, cooldown ms, max cooldown ms, a
 * unique member. Counts the strike; at the threshold starts the next cooldown (doubling from
 * `cooldown`, back to the first after a whole longest cooldown of good behaviour) and returns its length.
 */
export const STRIKE_LUA = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
redis.call('ZADD', KEYS[2], now, ARGV[6])
redis.call('PEXPIRE', KEYS[2], window)
if redis.call('ZCARD', KEYS[2]) < tonumber(ARGV[3]) then return 0 end
local untilAt = tonumber(redis.call('HGET', KEYS[1], 'u') or '0')
local level = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
if now - untilAt > max then level = 0 end
local length = math.min(tonumber(ARGV[4]) * (2 ^ level), max)
redis.call('HSET', KEYS[1], 'u', string.format('%d', now + length), 'l', level + 1)
redis.call('PEXPIRE', KEYS[1], string.format('%d', length + math.max(window, max)))
redis.call('DEL', KEYS[2])
return length`;
