/**
 * The benches' baseline: bare Express 5 handlers started the same way as the real web process.
 * POST /webhooks/transcriptions/success reads the raw body and answers 202 (bench:webhooks);
 * POST /api/<operation> parses the JSON body and answers a small JSON object (bench:api).
 */
import express from 'express';

const app = express();
app.post('/webhooks/transcriptions/success', express.raw({ type: () => true, limit: 65_536 }), (_req, res) => {
  res.status(202).json({ data: { received: true } });
});
app.post('/api/:operation', express.json(), (req, res) => {
  res.status(200).json({ data: { operation: req.params.operation, ok: true } });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
