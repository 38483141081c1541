import type { CallRefusalVerdict, VisibilityVerdict } from '@myko/filter';

/** Where a rule of this subject lives in the config file (`profiles.ops`), or what stands for it. */
function profilePath(profile: string | null): string {
  return profile === null ? 'filters' : `profiles.${profile}`;
}

/** The visibility rule that decided, as a config path and the pattern written there. */
export function visibilityRule(profile: string | null, verdict: VisibilityVerdict): string {
  const at = profilePath(profile);
  if (verdict.list === 'deny') return `${at}.visibility.deny: ${verdict.pattern}`;
  if (verdict.list === 'allow' && verdict.pattern !== undefined) return `${at}.visibility.allow: ${verdict.pattern}`;
  if (verdict.list === 'allow') return `${at}.visibility.allow (no pattern names it)`;
  if (verdict.list === 'name') return 'not an operation name';
  return `${at}: no visibility rule`;
}

/** The callability rule behind a refusal, as a config path down to the argument. */
export function callabilityRule(profile: string | null, refusal: CallRefusalVerdict): string {
  if (refusal.list === 'name') return 'not an operation name';
  const argument = refusal.argument === undefined ? '' : `.${refusal.argument}`;
  return `${profilePath(profile)}.callable.${refusal.list}.${refusal.rule}${argument}`;
}
