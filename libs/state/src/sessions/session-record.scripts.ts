/**
 * Lua run inside Redis, so a session request costs one round trip. Hash fields of a session:
 * o owner (JSON), c opened at, l last seen, n requests, st dispatch state (JSON), v version.
 */

/**
 * KEYS[1] session, KEYS[2..] the sets that count it (all sessions, its key's or address's); ARGV[1]
 * idle ms (0: no expiry), ARGV[2] now, ARGV[3] the counting sets' full names (space-separated, stored
 * as field `sk` for the touch and delete), ARGV[4..] field/value pairs. A counting set scores each
 * session by when it expires, so expired ones drop out when counted.
 */
export const CREATE_SESSION_LUA = `
local idle = tonumber(ARGV[1])
redis.call('HSET', KEYS[1], 'sk', ARGV[3], unpack(ARGV, 4))
if idle > 0 then redis.call('PEXPIRE', KEYS[1], idle) end
local expires = idle > 0 and (tonumber(ARGV[2]) + idle) or '+inf'
for i = 2, #KEYS do redis.call('ZADD', KEYS[i], expires, KEYS[1]) end
return 1`;

/** KEYS[1] session. Removes it from its counting sets, then deletes it. */
export const DELETE_SESSION_LUA = `
local sets = redis.call('HGET', KEYS[1], 'sk')
if sets then for set in string.gmatch(sets, '%S+') do redis.call('ZREM', set, KEYS[1]) end end
return redis.call('DEL', KEYS[1])`;

/** KEYS the counting sets; ARGV[1] now. Drops expired members, returns each set's size. */
export const COUNT_SESSIONS_LUA = `
local counts = {}
for i = 1, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', '(' .. ARGV[1])
  counts[i] = redis.call('ZCARD', KEYS[i])
end
return counts`;

/**
 * KEYS[1] session, KEYS[2] token bucket; ARGV now, idle ms, count request (0/1), known version,
 * rate per second (0: no bucket), burst, the claiming instance ('' none), the prefix of instance
 * channels. Takes the token (refilled for the time since its last use), touches the session, claims
 * for the caller each subscribed URI whose watcher no longer listens on its bus channel (atomic: of
 * two instances touching at once, one claims), and returns {found, wait ms, version, whole hash if
 * newer or false, claimed URIs}.
 */
export const TOUCH_SESSION_LUA = `
local now = tonumber(ARGV[1])
local wait = 0
local rate = tonumber(ARGV[5])
if rate > 0 then
  local burst = tonumber(ARGV[6])
  local level = redis.call('HMGET', KEYS[2], 't', 'u')
  local tokens = tonumber(level[1]) or burst
  local updated = tonumber(level[2]) or now
  tokens = math.min(burst, tokens + math.max(0, now - updated) * rate / 1000)
  if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) * 1000 / rate) end
  redis.call('HSET', KEYS[2], 't', string.format('%.17g', tokens), 'u', ARGV[1])
  redis.call('PEXPIRE', KEYS[2], math.ceil(burst * 1000 / rate) + 1000)
end
local version = redis.call('HGET', KEYS[1], 'v')
if not version then return {0, wait, 0} end
redis.call('HSET', KEYS[1], 'l', ARGV[1])
if ARGV[3] == '1' and wait == 0 then redis.call('HINCRBY', KEYS[1], 'n', 1) end
if tonumber(ARGV[2]) > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  local sets = redis.call('HGET', KEYS[1], 'sk')
  local expires = now + tonumber(ARGV[2])
  if sets then for set in string.gmatch(sets, '%S+') do redis.call('ZADD', set, 'XX', expires, KEYS[1]) end end
end
local claimed = {}
local me = ARGV[7]
if me ~= '' and (tonumber(redis.call('HGET', KEYS[1], 'ws')) or 0) > 0 then
  local flat = redis.call('HGETALL', KEYS[1])
  for i = 1, #flat, 2 do
    local field, watcher = flat[i], flat[i + 1]
    if string.sub(field, 1, 2) == 'w:' and watcher ~= me then
      local alive = redis.call('PUBSUB', 'NUMSUB', ARGV[8] .. watcher)[2]
      if alive == 0 then
        redis.call('HSET', KEYS[1], field, me)
        claimed[#claimed + 1] = string.sub(field, 3)
      end
    end
  end
end
local hash = false
if version ~= ARGV[4] then hash = redis.call('HGETALL', KEYS[1]) end
return {1, wait, tonumber(version), hash, claimed}`;

/**
 * KEYS[1] session; ARGV[1] the watching instance, ARGV[2..] pairs of '+' / '-' and a URI. Records or
 * drops who watches each subscribed URI (field w:<uri>, counted in ws), one field per URI: two
 * instances changing different subscriptions never overwrite each other. Returns, flat, each URI and
 * the other instance that watched it until now (it must stop). Nothing when the session is gone.
 */
export const WATCH_SUBSCRIPTIONS_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {} end
local count = 0
local displaced = {}
for i = 2, #ARGV, 2 do
  local field = 'w:' .. ARGV[i + 1]
  if ARGV[i] == '+' then
    local before = redis.call('HGET', KEYS[1], field)
    if before and before ~= ARGV[1] then
      displaced[#displaced + 1] = ARGV[i + 1]
      displaced[#displaced + 1] = before
    end
    count = count + redis.call('HSET', KEYS[1], field, ARGV[1])
  else count = count - redis.call('HDEL', KEYS[1], field) end
end
if count ~= 0 then redis.call('HINCRBY', KEYS[1], 'ws', count) end
return displaced`;

/** KEYS[1] session; ARGV[1] state JSON. The new version, or false when the session is gone. */
export const SAVE_STATE_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSET', KEYS[1], 'st', ARGV[1])
return redis.call('HINCRBY', KEYS[1], 'v', 1)`;

/** KEYS[1] token bucket; ARGV now, rate per second, burst. The wait in ms (0: taken). */
export const TAKE_TOKEN_LUA = `
local now = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local level = redis.call('HMGET', KEYS[1], 't', 'u')
local tokens = tonumber(level[1]) or burst
local updated = tonumber(level[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - updated) * rate / 1000)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) * 1000 / rate) end
redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'u', ARGV[1])
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return wait`;
