-- AlterEnum
ALTER TYPE "transport" ADD VALUE 'llm';
