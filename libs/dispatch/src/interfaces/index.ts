export type { ClientContext } from './client-context.interface';
export type {
  DispatchModuleAsyncOptions,
  DispatchModuleOptions,
  ResolvedDispatchOptions,
  ServerIdentity,
} from './dispatch-options.interface';
export type { AbuseBackoffOptions, ExecuteGuardOptions } from './execute-guard-options.interface';
export type {
  JsonRpcErrorObject,
  JsonRpcFailure,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccess,
} from './json-rpc.types';
