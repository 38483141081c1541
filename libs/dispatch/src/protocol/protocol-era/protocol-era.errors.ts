import { JSON_RPC_ERROR_CODES } from '../../dispatch.constants';
import { DispatchError } from '../../errors/dispatch.error';
import { MODERN_ERROR_CODES } from './protocol-era.constants';

/**
 * Refusals of a modern request's envelope, before any handler runs. On HTTP they are answered with
 * 400 (`modernHttpStatus`), so a client probing the era always reads a JSON-RPC body.
 */
export abstract class EnvelopeError extends DispatchError {}

/** `_meta` lacks a required key, or carries one of the wrong type (-32602). */
export class InvalidEnvelopeError extends EnvelopeError {
  readonly code = JSON_RPC_ERROR_CODES.INVALID_PARAMS;
}

/** The requested revision is not one this server serves (-32022, with `supported` and `requested`). */
export class UnsupportedProtocolVersionError extends EnvelopeError {
  readonly code = MODERN_ERROR_CODES.UNSUPPORTED_PROTOCOL_VERSION;

  constructor(requested: unknown, supported: readonly string[]) {
    super(`Unsupported protocol version ${JSON.stringify(requested)} (supported: ${supported.join(', ')})`, {
      supported: [...supported],
      requested,
    });
  }
}

/** An `MCP-Protocol-Version`, `Mcp-Method` or `Mcp-Name` header that is missing or disagrees with the body (-32020). */
export class HeaderMismatchError extends EnvelopeError {
  readonly code = MODERN_ERROR_CODES.HEADER_MISMATCH;
}

/** The request needs a client capability its `_meta` did not declare (-32021). */
export class MissingClientCapabilityError extends EnvelopeError {
  readonly code = MODERN_ERROR_CODES.MISSING_REQUIRED_CLIENT_CAPABILITY;

  constructor(capability: string) {
    super(`This request needs the client capability "${capability}", which the request did not declare`, {
      requiredCapabilities: { [capability]: {} },
    });
  }
}

/** `resources/read` of an unknown or hidden URI, numbered as 2026-07-28 does (-32602, with `uri`). */
export class ModernResourceNotFoundError extends DispatchError {
  readonly code = JSON_RPC_ERROR_CODES.INVALID_PARAMS;

  constructor(uri: string) {
    super('Resource not found', { uri });
  }
}

/** A `requestState` that was altered, expired, or issued for another request or principal (-32602). */
export class InvalidRequestStateError extends DispatchError {
  readonly code = JSON_RPC_ERROR_CODES.INVALID_PARAMS;

  constructor(reason: string) {
    super(`Invalid requestState: ${reason}`);
  }
}

/** `inputResponses` that are not what the named input requests ask for (-32602). */
export class InvalidInputResponsesError extends DispatchError {
  readonly code = JSON_RPC_ERROR_CODES.INVALID_PARAMS;
}
