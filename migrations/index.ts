// Every migration, in order. A new migration is a new file here and a new line below.
import type { Knex } from 'knex';
import * as foundation from './20261121000000_foundation.ts';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const migrations: Migration[] = [{ name: '20261121000000_foundation', ...foundation }];
