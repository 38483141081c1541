import ivm from 'isolated-vm';
import { type KeptIsolate, KeptIsolates } from './kept-isolates';

describe('KeptIsolates: the next context is made when an isolate is kept', () => {
  let isolate: ivm.Isolate;
  let disposed: ivm.Isolate[];
  let kept: KeptIsolates<ivm.Context>;
  const keptIsolate = (): KeptIsolate => ({ isolate, fromSnapshot: false, owner: {} });

  beforeEach(() => {
    isolate = new ivm.Isolate({ memoryLimit: 32 });
    disposed = [];
    kept = new KeptIsolates<ivm.Context>((gone) => {
      disposed.push(gone);
      if (!gone.isDisposed) gone.dispose();
    });
  });
  afterEach(() => {
    kept.clear();
    if (!isolate.isDisposed) isolate.dispose();
  });

  it('makes the next run’s context at once, not when that run takes the isolate', async () => {
    // As the pool's preparation does, it ends with a synchronous entry: isolated-vm may still charge CPU to the
    // isolate for a moment after an async call's promise resolves, and a sync entry waits that out.
    const prepare = jest.fn(async () => {
      const context = await isolate.createContext();
      context.evalSync('0');
      return context;
    });
    kept.keep('conversation', keptIsolate(), prepare);
    expect(prepare).toHaveBeenCalledTimes(1);
    const context = await kept.take('conversation');
    expect(context).toBeInstanceOf(ivm.Context);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(disposed).toEqual([]);
    expect(await kept.take('conversation')).toBeUndefined();
  });

  it('disposes the isolate instead when code ran in it after its context was made', async () => {
    let made: ivm.Context | undefined;
    kept.keep('conversation', keptIsolate(), async () => {
      made = await isolate.createContext();
      return made;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Code entering the idle isolate while no run holds it (what a leftover of the earlier run would do).
    (made as ivm.Context).evalSync('let n = 0; for (let i = 0; i < 1e6; i++) n += i; n');
    expect(await kept.take('conversation')).toBeUndefined();
    expect(disposed).toEqual([isolate]);
  });

  it('disposes the isolate when its context could not be made', async () => {
    kept.keep('conversation', keptIsolate(), () => Promise.reject(new Error('no context')));
    expect(await kept.take('conversation')).toBeUndefined();
    expect(disposed).toEqual([isolate]);
  });
});
