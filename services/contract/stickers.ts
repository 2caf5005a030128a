import { z } from 'zod';
import { defineService } from './define.ts';

export const stickerBatch = z.object({
  batchId: z.string(),
  count: z.number().int(),
  firstSerial: z.string(),
  lastSerial: z.string(),
  issuedBy: z.string(),
  issuedAt: z.string(),
  /** How many of its stickers are bound to a store now. */
  bound: z.number().int(),
});

/**
 * Operators issue a batch of unbound collection-code stickers (serials `KW` + 10 digits) to print;
 * the print-ready sheet is `GET /platform/stickers/<batchId>.pdf` (an A4 sheet of twelve a page,
 * with the serial under each code). Audited.
 */
export const issueStickers = defineService({
  name: 'platform/stickers/issue',
  audience: 'operator',
  request: z.object({ count: z.number().int().min(1).max(500) }),
  response: z.object({ batch: stickerBatch }),
});

export const queryStickerBatches = defineService({
  name: 'platform/stickers/batches',
  audience: 'operator',
  request: z.object({ page: z.number().int().min(1).max(10_000).default(1) }),
  response: z.object({ batches: z.array(stickerBatch), total: z.number().int() }),
});
