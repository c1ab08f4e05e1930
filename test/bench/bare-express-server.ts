/** The bench's baseline: a bare Express 5 handler that reads the body and answers 202. */
import express from 'express';

const app = express();
app.post('/webhooks/transcriptions/success', express.raw({ type: () => true, limit: 65_536 }), (_req, res) => {
  res.status(202).json({ data: { received: true } });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
