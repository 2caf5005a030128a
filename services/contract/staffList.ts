import { z } from 'zod';
import { defineService } from './define.ts';
import { staffChannel, staffId, storeId } from './merchantShared.ts';

/** A member of the merchant's staff (spec §3 Staff). */
export const staffMember = z.object({
  staffId,
  name: z.string(),
  /**
   * The clerk's mobile in full (+2449XXXXXXXX): the owner's own staff (every staff call is the
   * owner's), whom it invited and may need to call; a clerk never reads the staff list.
   */
  mobile: z.string().nullable(),
  contactChannel: staffChannel,
  status: z.enum(['normal', 'deleted']),
  storeId,
  storeName: z.string(),
  allRecords: z.boolean(),
  joinedAt: z.string(),
  removedAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** The merchant's staff, current ones first (the owner only: STF10010 for a clerk, MCH10003 a member). */
export const listStaff = defineService({
  name: 'merchant/staff/list',
  audience: 'member',
  request: z.object({}),
  response: z.object({ staff: z.array(staffMember) }),
});

/** One of the merchant's staff: STF10008 for anyone else's (or none). */
export const staffDetail = defineService({
  name: 'merchant/staff/detail',
  audience: 'member',
  request: z.object({ staffId }),
  response: z.object({ staff: staffMember }),
});

/** Whether the clerk may view all the store's payment records (spec §6); STF10009 for a removed one. */
export const updateStaff = defineService({
  name: 'merchant/staff/update',
  audience: 'member',
  request: z.object({ staffId, allRecords: z.boolean() }),
  response: z.object({ staff: staffMember }),
});

/** Removes a clerk: their access ends with their next call (STF10009); their past records stay. STF10009 if already removed. */
export const removeStaff = defineService({
  name: 'merchant/staff/remove',
  audience: 'member',
  request: z.object({ staffId }),
  response: z.object({ staff: staffMember }),
});
