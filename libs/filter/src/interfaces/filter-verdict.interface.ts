/**
 * Which list of one visibility layer decided: `deny` (a pattern hid the name), `allow` (a pattern showed
 * it, or, without `pattern`, the allow list did not name it), `none` (the layer has no allow list and
 * no deny matched), `name` (not an operation name at all).
 */
export interface VisibilityVerdict {
  readonly visible: boolean;
  readonly list: 'allow' | 'deny' | 'none' | 'name';
  /** The glob as written in the config or header that decided. */
  readonly pattern?: string;
  /** Which layer of the filter decided (0: the profile's; later: a request's headers'). */
  readonly layer?: number;
}

/** One callability rule that applies to an operation: the values each argument must (allow) or must not (deny) have. */
export interface CallableRuleView {
  readonly list: 'allow' | 'deny';
  /** The rule's key as written (`command_CancelOrder`, `command_*`). */
  readonly rule: string;
  readonly arguments: Readonly<Record<string, readonly unknown[]>>;
  readonly layer: number;
}

/** Why a call was refused by callability: the message the caller gets, and the rule behind it. */
export interface CallRefusalVerdict {
  readonly message: string;
  readonly list: 'allow' | 'deny' | 'name';
  readonly rule: string;
  readonly argument?: string;
  readonly layer?: number;
}
