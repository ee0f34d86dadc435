import { z } from 'zod';
import { AccountId, Name, Timestamp } from './common';

export const AccountCreate = z.strictObject({ name: Name });

export const AccountOut = z
  .object({
    id: AccountId,
    name: z.string(),
    keyPrefix: z.string(),
    isAdmin: z.boolean(),
    createdAt: Timestamp,
  })
  .meta({ id: 'Account' });

export const AccountCreated = z.object({
  account: AccountOut,
  /** Shown once: only its hash is stored. */
  apiKey: z.string(),
});
