import { transportOf } from './registry';

/** A registration (POST /v1/agents) that breaks its transport's rules: where and why (zod issues). */
export interface RegistrationIssue {
  path: ['endpointUrl' | 'modelName'];
  message: string;
}

/** The registry's checks of a registration body; the API contract turns them into validation issues. */
export function registrationIssues(body: {
  transport: string;
  endpointUrl?: string | undefined;
  modelName?: string | undefined;
}): RegistrationIssue[] {
  const t = transportOf(body.transport);
  const issues: RegistrationIssue[] = [];
  if (t.endpoint.kind === 'required' && !body.endpointUrl)
    issues.push({ path: ['endpointUrl'], message: t.endpoint.missing });
  if (t.endpoint.kind === 'forbidden' && body.endpointUrl)
    issues.push({ path: ['endpointUrl'], message: t.endpoint.present });
  if (t.hostedModel && !body.modelName) issues.push({ path: ['modelName'], message: t.hostedModel.missing });
  return issues;
}
