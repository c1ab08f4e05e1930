/**
 * Whether the call `t` is one the viewer still has to score blind: in an open calibration session
 * they review and have not submitted. Until then the lists show it without the AI's verdicts
 * (docs/console.md "Calibration"), as the call view does (read-call-bundle.ts, `blind`).
 */
import { Prisma } from '../../../generated/prisma/client.js';

export const stillBlindFor = (viewerId: string): Prisma.Sql => Prisma.sql`EXISTS (
  SELECT 1 FROM hub_calibration_calls cc
    JOIN hub_calibration_sessions s ON s.id = cc.session_id AND s.revealed_at IS NULL
    JOIN hub_calibration_reviewers cr ON cr.session_id = s.id AND cr.user_id = ${viewerId}::uuid AND cr.submitted_at IS NULL
   WHERE cc.transcription_id = t.id)`;
