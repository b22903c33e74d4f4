// One log line per request, written when the answer has gone: method, address, status, time and who asked. Fastify's
// own request logging writes two lines per request (incoming, completed), which buried the addresses the console
// prints at start among thousands of lines; it is turned off in app.ts (disableRequestLogging).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(async function accessLog(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const line = {
      req: { method: req.method, url: req.url, remoteAddress: req.ip },
      res: { statusCode: status },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    const text = `${req.method} ${req.url} ${status}`;
    if (status >= 500) req.log.error(line, text);
    else req.log.info(line, text);
  });
});
