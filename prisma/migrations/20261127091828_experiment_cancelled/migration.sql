-- AlterEnum
ALTER TYPE "experiment_status" ADD VALUE 'cancelled';
