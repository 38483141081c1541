/**
 * KEYS[1] the conversation's cooldown hash (u: cooling down until, l: cooldowns in a row), KEYS[2] its strikes
 * (sorted set, score = when), KEYS[3] and KEYS[4] the same of its principal, KEYS[5] the principal's
 * conversations that earned a cooldown (sorted set, score = when). ARGV now, window ms, strikes, cooldown ms,
 * max cooldown ms, a unique member, principal conversations, principal strikes, the conversation.
 * Counts the strike on both levels (none while the conversation cools down, and none on a principal that is
 * paused: runs that started before a cooldown are not a new offence); at a threshold starts that level's next cooldown (doubling from `cooldown`, back to the first
 * after a whole longest cooldown of good behaviour). Returns { conversation's new cooldown, principal's new
 * cooldown, principal's cause: 0 none, 1 conversations, 2 strikes } (0: none started).
 */
export const STRIKE_LUA = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[5])
local function cooling(hash)
  return tonumber(redis.call('HGET', hash, 'u') or '0') > now
end
local function count(set)
  redis.call('ZREMRANGEBYSCORE', set, '-inf', now - window)
  redis.call('ZADD', set, now, ARGV[6])
  redis.call('PEXPIRE', set, window)
  return redis.call('ZCARD', set)
end
local function cool(hash, set)
  local untilAt = tonumber(redis.call('HGET', hash, 'u') or '0')
  local level = tonumber(redis.call('HGET', hash, 'l') or '0')
  if now - untilAt > max then level = 0 end
  local length = math.min(tonumber(ARGV[4]) * (2 ^ level), max)
  redis.call('HSET', hash, 'u', string.format('%d', now + length), 'l', level + 1)
  redis.call('PEXPIRE', hash, string.format('%d', length + math.max(window, max)))
  redis.call('DEL', set)
  return length
end
if cooling(KEYS[1]) then return { 0, 0, 0 } end
local conversation = 0
if count(KEYS[2]) >= tonumber(ARGV[3]) then conversation = cool(KEYS[1], KEYS[2]) end
local byConversations = tonumber(ARGV[7])
local byStrikes = tonumber(ARGV[8])
if (byConversations <= 0 and byStrikes <= 0) or cooling(KEYS[3]) then return { conversation, 0, 0 } end
if conversation > 0 then
  redis.call('ZADD', KEYS[5], now, ARGV[9])
  redis.call('PEXPIRE', KEYS[5], window)
end
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now - window)
local cause = 0
local strikes = count(KEYS[4])
if byConversations > 0 and redis.call('ZCARD', KEYS[5]) >= byConversations then cause = 1
elseif byStrikes > 0 and strikes >= byStrikes then cause = 2 end
if cause == 0 then return { conversation, 0, 0 } end
redis.call('DEL', KEYS[5])
return { conversation, cool(KEYS[3], KEYS[4]), cause }`;

/** KEYS[1] a conversation's cooldown hash, KEYS[2] its principal's: when each cools down until (0: never). */
export const LEFT_LUA = `
return { redis.call('HGET', KEYS[1], 'u') or '0', redis.call('HGET', KEYS[2], 'u') or '0' }`;
