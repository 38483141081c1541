/**
 * Saves an execution in one round trip: its record hash (`record`, `principal`, `state`) for `px` ms, its id in
 * the four listing sets scored by `updatedAt` (each set's TTL lengthened to outlive the record, never shortened),
 * then the `probe` oldest members of each set are checked and those whose record expired, or that were since
 * saved in another state, are removed: the sets shrink as fast as records go.
 *
 * KEYS: record, all, state, principal, principal+state (in `indexScopesOf` order).
 * ARGV: record JSON, px, principal, state, updatedAt, id, record key prefix (with the connection's), probe.
 */
export const SAVE_EXECUTION_LUA = `
local px = tonumber(ARGV[2])
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'principal', ARGV[3], 'state', ARGV[4])
redis.call('PEXPIRE', KEYS[1], px)
-- What a member of each set must still be listed as (false: any).
local needs = { { false, false }, { false, ARGV[4] }, { ARGV[3], false }, { ARGV[3], ARGV[4] } }
for i = 2, 5 do
  redis.call('ZADD', KEYS[i], ARGV[5], ARGV[6])
  if redis.call('PTTL', KEYS[i]) < px then redis.call('PEXPIRE', KEYS[i], px) end
end
local probe = tonumber(ARGV[8])
for i = 2, 5 do
  local principal, state = needs[i - 1][1], needs[i - 1][2]
  for _, id in ipairs(redis.call('ZRANGE', KEYS[i], 0, probe - 1)) do
    local listed = redis.call('HMGET', ARGV[7] .. id, 'principal', 'state')
    if not listed[1] or (principal and listed[1] ~= principal) or (state and listed[2] ~= state) then
      redis.call('ZREM', KEYS[i], id)
    end
  end
end
return 1
`;
