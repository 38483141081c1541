import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Param, Req, Res, type Type } from '@nestjs/common';
import { CONSOLE_SEGMENT } from '../admin.constants';
import { CONSOLE_HEADERS, ConsoleAssets } from './console-assets';

const INDEX = 'index.html';

/**
 * The operator console's static files under `<path>/console/`: GET only, and served without the admin
 * credential, since a browser's navigation cannot send a bearer header. They hold no data: the page asks
 * for the admin key and sends it on each call to the admin API, which checks it as for any client.
 */
export function consoleController(path: string): Type {
  @Controller(`${path}/${CONSOLE_SEGMENT}`)
  class ConsoleController {
    private readonly assets = new ConsoleAssets();

    /** `<path>/console/`; `<path>/console` is redirected there, so the page's relative URLs resolve. */
    @Get()
    index(@Req() req: IncomingMessage, @Res() res: ServerResponse): void {
      const pathname = (req.url ?? '').split('?')[0];
      if (!pathname.endsWith('/')) {
        res.statusCode = 308;
        res.setHeader('Location', `${pathname.slice(pathname.lastIndexOf('/') + 1)}/`);
        res.setHeader('Cache-Control', 'no-store');
        res.end();
        return;
      }
      this.send(res, INDEX);
    }

    /** One file of the fixed list; any other name is a 404. */
    @Get(':file')
    file(@Param('file') name: string, @Res() res: ServerResponse): void {
      this.send(res, name);
    }

    private send(res: ServerResponse, name: string): void {
      const asset = this.assets.get(name);
      for (const [header, value] of Object.entries(CONSOLE_HEADERS)) res.setHeader(header, value);
      if (!asset) {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('Not found');
        return;
      }
      res.statusCode = 200;
      res.setHeader('Content-Type', asset.type);
      res.setHeader('Content-Length', asset.body.length);
      res.end(asset.body);
    }
  }
  return ConsoleController;
}
