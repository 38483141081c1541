/*
 * The in-isolate bootstrap. `engine/harness.bootstrap.ts` reads this file as text (Node never loads it) and
 * runs it with `context.evalClosure` when an isolate is created (ahead of its run, by the `IsolatePool`),
 * before any user code, calling the function below with:
 *   send(callId, kind, id, argsJson, argsLength)  host Callback, result ignored: starts one myko.* call
 *   write(level, text) -> boolean                 host Callback, sync: one console line; false = stop
 *   done(answer)                                  host Callback, result ignored: the run's answer
 *   userPositionPattern                           RegExp source matching `<user file>:<line>:<column>`
 * The run's limits come with `start(fn, maxResultChars, previewChars, maxArgChars, maxConsoleChars)`, the
 * first thing that enters the isolate for its run; the host re-checks exact bytes. It removes `WebAssembly`
 * (its memories live outside the heap limit), installs a frozen `myko` and a frozen `console`, and returns
 * `{ start, settle }`, which only the host holds (as References); `settle(callId, ok, payload, …)` takes any
 * number of answers, as (callId, ok, payload) triples; a refused call's Error carries `code`, `status`,
 * `retryable` and `details` when the host sent them. Nothing else from the host exists in the isolate.
 *
 * Why it looks like this:
 * - Built-ins are captured before user code runs and called through `Reflect.apply`, and descriptors and
 *   records are null-prototype, so a script that tampers with Object, Array, JSON, String, RegExp or WeakMap
 *   cannot change what the harness does (tampering with Promise can only change the script's own result).
 * - It is strict code: stack-trace CallSites (`Error.prepareStackTrace`) and `fn.caller` yield no function
 *   or receiver of it, so `send`/`write` stay out of reach.
 * - A call's Error is created when the script calls, so a rejection carries the user's line.
 * - `start` returns as soon as the script awaits (the host's call into the isolate then ends, so a waiting
 *   run holds no CPU slot); the answer arrives later through `done`.
 * - `run` answers one string: 'R' + JSON | 'O' + length + ':' + preview | 'E' + JSON {name, message, line, ...}.
 * - One function expression and nothing else: the file is an expression the host evaluates, so it has no
 *   top-level names and no module syntax.
 */
(function isolateBootstrap(send, write, done, userPositionPattern) {
  // biome-ignore lint/suspicious/noRedundantUseStrict: the isolate runs this as a script, not a module
  'use strict';
  // Until `start` sets them, no shortcut: the host's exact checks alone apply.
  let maxArgChars = Infinity;
  let maxConsoleChars = Infinity;
  // Scripts orchestrate operations: WebAssembly only offers them memory outside the heap limit.
  delete globalThis.WebAssembly;

  const ReflectApply = Reflect.apply;
  const ObjectCreate = Object.create;
  const ObjectDefineProperty = Object.defineProperty;
  const ObjectFreeze = Object.freeze;
  const IsPrototypeOf = Object.prototype.isPrototypeOf;
  const JSONParse = JSON.parse;
  const JSONStringify = JSON.stringify;
  const StringCtor = String;
  const StringSlice = String.prototype.slice;
  const RegExpExec = RegExp.prototype.exec;
  const ErrorCtor = Error;
  const ErrorPrototype = Error.prototype;
  const TypeErrorCtor = TypeError;
  const PromiseCtor = Promise;
  const WeakMapGet = WeakMap.prototype.get;
  const WeakMapSet = WeakMap.prototype.set;
  const USER_POSITION = new RegExp(userPositionPattern);

  const pending = ObjectCreate(null);
  const tags = new WeakMap();
  let lastCallId = 0;
  let consoleOpen = true;

  function cut(text, max) {
    return text.length > max ? ReflectApply(StringSlice, text, [0, max]) : text;
  }
  function read(object, key) {
    try {
      return object[key];
    } catch {
      return undefined;
    }
  }
  function toText(value) {
    if (typeof value === 'string') return value;
    try {
      return StringCtor(value);
    } catch {
      return '[unprintable]';
    }
  }
  function isObject(value) {
    return value !== null && (typeof value === 'object' || typeof value === 'function');
  }
  function define(object, key, value) {
    ObjectDefineProperty(object, key, {
      __proto__: null,
      value,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
  function position(error) {
    const stack = read(error, 'stack');
    if (typeof stack !== 'string') return null;
    try {
      return ReflectApply(RegExpExec, USER_POSITION, [stack]);
    } catch {
      return null;
    }
  }
  function errorName(error) {
    const name = read(error, 'name');
    return typeof name === 'string' && name !== '' ? cut(name, 200) : 'Error';
  }
  function errorMessage(error) {
    const message = read(error, 'message');
    return message === undefined ? '' : cut(toText(message), 10000);
  }

  function format(value) {
    try {
      const type = typeof value;
      if (type === 'string') return value;
      if (type === 'undefined' || type === 'number' || type === 'boolean' || type === 'symbol') return toText(value);
      if (type === 'bigint') return toText(value) + 'n';
      if (type === 'function') return '[Function]';
      if (value === null) return 'null';
      if (ReflectApply(IsPrototypeOf, ErrorPrototype, [value])) {
        const at = position(value);
        return errorName(value) + ': ' + errorMessage(value) + (at === null ? '' : ' (line ' + at[1] + ')');
      }
      const json = JSONStringify(value);
      return typeof json === 'string' ? json : toText(value);
    } catch {
      return toText(value);
    }
  }

  function isErrorLike(value) {
    if (!isObject(value)) return false;
    try {
      return ReflectApply(IsPrototypeOf, ErrorPrototype, [value]) || typeof value.message === 'string';
    } catch {
      return false;
    }
  }

  function describe(error, prefix) {
    const info = ObjectCreate(null);
    if (isErrorLike(error)) {
      info.name = errorName(error);
      info.message = prefix + errorMessage(error);
      const at = position(error);
      if (at !== null) {
        info.line = +at[1];
        info.column = +at[2];
      }
      const tag = ReflectApply(WeakMapGet, tags, [error]);
      if (tag !== undefined) info.tag = tag;
    } else {
      info.name = 'Error';
      info.message = prefix + 'a non-Error value was thrown: ' + cut(format(error), 10000);
    }
    return JSONStringify(info);
  }

  function rejected(error) {
    return new PromiseCtor((_resolve, reject) => reject(error));
  }

  function call(kind, id, args) {
    if (typeof id !== 'string') {
      return rejected(
        new TypeErrorCtor(
          'myko.' + kind + '(id, args): id must be a string, got ' + (id === null ? 'null' : typeof id),
        ),
      );
    }
    const label = 'myko.' + kind + "('" + cut(id, 100) + "')";
    let json;
    try {
      json = args === undefined ? '{}' : JSONStringify(args);
    } catch (error) {
      return rejected(
        new TypeErrorCtor('The arguments of ' + label + ' cannot be converted to JSON: ' + errorMessage(error)),
      );
    }
    if (typeof json !== 'string') {
      return rejected(new TypeErrorCtor('The arguments of ' + label + ' must be a JSON value, got ' + typeof args));
    }
    const site = new ErrorCtor();
    const callId = ++lastCallId;
    return new PromiseCtor((resolve, reject) => {
      pending[callId] = { __proto__: null, resolve, reject, site };
      send(callId, kind, id, json.length > maxArgChars ? '' : json, json.length);
    });
  }

  // The host settles the calls answered together in one entry: further answers follow as more triples.
  function settle(callId, ok, payload) {
    settleOne(callId, ok, payload);
    // biome-ignore lint/complexity/noArguments: no array to allocate for the usual lone answer
    for (let i = 3; i + 2 < arguments.length; i += 3) settleOne(arguments[i], arguments[i + 1], arguments[i + 2]);
  }

  function settleOne(callId, ok, payload) {
    const entry = pending[callId];
    if (entry === undefined) return;
    delete pending[callId];
    if (ok) {
      let value;
      try {
        value = JSONParse(payload);
      } catch (error) {
        entry.reject(error);
        return;
      }
      entry.resolve(value);
      return;
    }
    const info = JSONParse(payload);
    const error = entry.site;
    define(error, 'message', info.message);
    define(error, 'name', info.name);
    if (info.code !== null) define(error, 'code', info.code);
    if (typeof info.status === 'number') define(error, 'status', info.status);
    if (typeof info.retryable === 'boolean') define(error, 'retryable', info.retryable);
    if (typeof info.details === 'string') define(error, 'details', parseDetails(info.details));
    if (info.tag !== null) ReflectApply(WeakMapSet, tags, [error, info.tag]);
    entry.reject(error);
  }

  // Plain data the host bounded; a text that does not parse (it always does) leaves the field empty.
  function parseDetails(json) {
    try {
      return JSONParse(json);
    } catch {
      return ObjectCreate(null);
    }
  }

  async function run(fn, maxResultChars, previewChars) {
    try {
      let value;
      try {
        value = await ReflectApply(fn, undefined, []);
      } catch (error) {
        return 'E' + describe(error, '');
      }
      if (typeof value === 'string' && value.length > maxResultChars) {
        // Refused before JSON.stringify: copying a huge (rope) string is one long uninterruptible operation.
        return 'O' + (value.length + 2) + ':' + JSONStringify(cut(value, previewChars));
      }
      let json;
      try {
        json = JSONStringify(value);
      } catch (error) {
        return 'E' + describe(error, 'The returned value cannot be converted to JSON: ');
      }
      if (json === undefined) return 'Rnull';
      if (json.length > maxResultChars) return 'O' + json.length + ':' + cut(json, previewChars);
      return 'R' + json;
    } catch {
      return 'E{"name":"Error","message":"The script failed with an error that cannot be described."}';
    }
  }

  async function finish(fn, maxResultChars, previewChars) {
    done(await run(fn, maxResultChars, previewChars));
  }

  function start(fn, maxResultChars, previewChars, argChars, consoleChars) {
    maxArgChars = argChars;
    maxConsoleChars = consoleChars;
    finish(fn, maxResultChars, previewChars);
  }

  function writer(level) {
    return ObjectFreeze((...args) => {
      if (!consoleOpen) return;
      let text = '';
      for (let i = 0; i < args.length && text.length <= maxConsoleChars; i++) {
        text = i === 0 ? format(args[i]) : text + ' ' + format(args[i]);
      }
      consoleOpen = write(level, cut(text, maxConsoleChars + 1)) === true;
    });
  }

  const myko = ObjectFreeze({
    query: ObjectFreeze((id, args) => call('query', id, args)),
    view: ObjectFreeze((id, args) => call('view', id, args)),
    report: ObjectFreeze((id, args) => call('report', id, args)),
    command: ObjectFreeze((id, args) => call('command', id, args)),
    search: ObjectFreeze((query, options) => call('search', query === undefined ? '' : query, options)),
    describe: ObjectFreeze((id) => call('describe', id, undefined)),
    rollback: ObjectFreeze((executionId) => call('rollback', executionId, undefined)),
  });
  const console = ObjectFreeze({
    log: writer('log'),
    info: writer('info'),
    warn: writer('warn'),
    error: writer('error'),
    debug: writer('debug'),
  });
  ObjectDefineProperty(globalThis, 'myko', {
    __proto__: null,
    value: myko,
    writable: false,
    enumerable: false,
    configurable: false,
  });
  ObjectDefineProperty(globalThis, 'console', {
    __proto__: null,
    value: console,
    writable: false,
    enumerable: false,
    configurable: false,
  });

  return { start, settle };
});
