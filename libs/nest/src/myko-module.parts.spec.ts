import { AccessProfiles } from '@myko/access';
import { libOptionsOf, mcpPathsOf } from './myko-module.parts';

describe('libOptionsOf', () => {
  it('gives an embedding app /mcp, no health routes, no auth and the audit log on by default', () => {
    const lib = libOptionsOf({});
    expect(lib.gateways).toEqual({ mcpPaths: ['/mcp'], health: false });
    expect(lib.dispatch).toEqual({});
    expect(lib.state).toEqual({});
    expect(lib.audit).toEqual({});
  });

  it('puts each option where its lib reads it', () => {
    const lib = libOptionsOf({
      path: '/agents/mcp',
      pathAliases: ['/ai'],
      health: true,
      access: { auth: { required: false }, profiles: {} },
      instructions: 'Orders.',
      sandbox: { memoryMb: 32 },
      observability: { metrics: { enabled: true, allow: ['127.0.0.1'] } },
      audit: false,
      gateways: { shutdownGraceMs: 5 },
      dispatch: { toolMode: 'both' },
    });
    expect(lib.gateways).toMatchObject({ mcpPaths: ['/agents/mcp', '/ai'], health: true, shutdownGraceMs: 5 });
    expect(lib.gateways.access).toBeInstanceOf(AccessProfiles);
    expect(lib.gateways.metrics).toEqual({ enabled: true, allow: ['127.0.0.1'] });
    expect(lib.dispatch).toEqual({ toolMode: 'both', instructions: 'Orders.', sandbox: { memoryMb: 32 } });
    expect(lib.audit).toEqual({ enabled: false });
  });

  it('serves WebSocket at path, the first of the HTTP paths', () => {
    expect(mcpPathsOf({ path: '/a', pathAliases: ['/b'] })).toEqual(['/a', '/b']);
  });
});
