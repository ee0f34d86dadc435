import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DatasetDetail,
  DatasetGamePath,
  DatasetGamesQuery,
  DatasetListQuery,
  DatasetOut,
  DatasetPath,
  errorCodes,
  errors,
  HumanGameOut,
  HumanGameRow,
  Page,
} from '@coup/api-contract';
import { notFound } from '../errors';
import { findDataset, findDatasetGame, listDatasetGames, listDatasets } from '../repositories/datasets';
import { ordinalPage, page } from '../services/cursor';
import { presentDataset, presentDatasetDetail, presentGame, presentGameRow } from '../services/datasets';

// Human datasets (games of the public human archive, imported with `coup dataset import`), browsed like
// replays: public and read-only. Only `ready` datasets are served; an import in progress or a failed one is
// a 404 here (its state is the importer's to report).

const PUBLIC_READY =
  'Public, no key needed. Only datasets whose import finished (status ready) are listed and served.';

const unreadable = errorCodes(
  ['game_unreadable'],
  "game_unreadable: a stored game's packed events do not read (the import should have refused it)",
);

export const datasetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/datasets',
    {
      schema: {
        tags: ['datasets'],
        summary: 'List imported human datasets (games people played), newest first, cursor pagination',
        description: PUBLIC_READY,
        querystring: DatasetListQuery,
        response: { 200: Page(DatasetOut), ...errors(400) },
      },
    },
    async (req) => {
      const rows = await listDatasets(app.prisma, req.query);
      const p = page(rows, req.query.limit);
      return { items: p.items.map((d) => presentDataset(d, app.publicUrl)), nextCursor: p.nextCursor };
    },
  );

  app.get(
    '/datasets/:id',
    {
      schema: {
        tags: ['datasets'],
        summary: 'One human dataset: counts, bad games by reason, the replay check and the human baselines',
        description: PUBLIC_READY,
        params: DatasetPath,
        response: { 200: DatasetDetail, ...errors(400, 404) },
      },
    },
    async (req) => {
      const d = await findDataset(app.prisma, req.params.id);
      if (!d) throw notFound(`dataset ${req.params.id}`);
      return presentDatasetDetail(d, app.publicUrl);
    },
  );

  app.get(
    '/datasets/:id/games',
    {
      schema: {
        tags: ['datasets'],
        summary: "A human dataset's games in file order, with filters and cursor pagination",
        description: PUBLIC_READY,
        params: DatasetPath,
        querystring: DatasetGamesQuery,
        response: { 200: Page(HumanGameRow), ...errors(400, 404), 409: unreadable },
      },
    },
    async (req) => {
      const d = await findDataset(app.prisma, req.params.id);
      if (!d) throw notFound(`dataset ${req.params.id}`);
      const rows = await listDatasetGames(app.prisma, d.id, req.query);
      const p = ordinalPage(rows, req.query.limit);
      return { items: p.items.map(presentGameRow), nextCursor: p.nextCursor };
    },
  );

  app.get(
    '/datasets/:id/games/:ordinal',
    {
      schema: {
        tags: ['datasets'],
        summary: 'One human game: its events unpacked, and a turn-by-turn timeline for a viewer',
        description: PUBLIC_READY,
        params: DatasetGamePath,
        response: { 200: HumanGameOut, ...errors(400, 404), 409: unreadable },
      },
    },
    async (req) => {
      const d = await findDataset(app.prisma, req.params.id);
      if (!d) throw notFound(`dataset ${req.params.id}`);
      const g = await findDatasetGame(app.prisma, d.id, req.params.ordinal);
      if (!g) throw notFound(`game ${req.params.ordinal} of dataset ${req.params.id}`);
      return presentGame(g);
    },
  );
};
