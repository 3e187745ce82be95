// Credit codes (issue 22): make a batch of single-use codes worth N credits (for events and
// giveaways), with an optional expiry and a label; the codes are shown once, right after, with a
// CSV download (the server keeps only their hashes). Below, the batches newest first with how many
// were redeemed, and each batch's codes (by number and last group) with who redeemed them and when.

import type {
  CreateCreditCodesRequest,
  CreateCreditCodesResponse,
  CreditCodeBatch,
} from '@starport/api-client/contract';
import { createCreditCodesRequestSchema } from '@starport/api-client/contract';
import { useState } from 'react';
import { Dialog } from '../../dialog/dialog.tsx';
import { formatCredits, formatDate, formatTime } from '../../format/format.ts';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { formSchema, useContractForm } from '../shared/contract-form.ts';
import { DataTable } from '../shared/data-table.tsx';
import { describeError, messageOr } from '../shared/errors.ts';
import { FormDialog, FormTextField } from '../shared/form-fields.tsx';
import { LoadMore } from '../shared/load-more.tsx';
import { PagedListDialog } from '../shared/paged-list-dialog.tsx';
import { ScreenHeader } from '../shared/screen-header.tsx';
import { useAdminMutation, useAdminPagedQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';

export const creditCodeScreenMessages = {
  created: (count: number) => `${count} ${count === 1 ? 'code' : 'codes'} made`,
  createFailed: 'Failed to make credit codes',
  fetchFailed: 'Failed to fetch credit code batches',
  shownOnce: 'Save these codes now: only their last group is kept, so they cannot be shown again.',
} as const;

const dateAndTime = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

interface BatchValues {
  count: string;
  credits: string;
  expiresAt: string;
  label: string;
}

export function toBatchRequest(values: BatchValues): CreateCreditCodesRequest {
  const expires = values.expiresAt ? new Date(values.expiresAt) : null;
  return {
    count: Number.parseInt(values.count, 10),
    credits: Number.parseInt(values.credits, 10),
    expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : null,
    label: values.label,
  };
}

const batchFormSchema = formSchema(toBatchRequest, createCreditCodesRequestSchema);

/** The batch's codes as a CSV file: number, code, credits, expiry (RFC 4180; nothing needs quoting). */
export function creditCodesCsv(made: CreateCreditCodesResponse): string {
  const rows = made.codes.map(
    ({ number, code }) => `${number},${code},${made.batch.credits},${made.batch.expiresAt ?? ''}`,
  );
  return `number,code,credits,expires_at\r\n${rows.join('\r\n')}\r\n`;
}

function NewBatchForm({ onMade, onClose }: { onMade: (made: CreateCreditCodesResponse) => void; onClose: () => void }) {
  const api = useAdminApi();
  const toast = useToast();
  const create = useAdminMutation('creditCodes', (input: CreateCreditCodesRequest) =>
    api.admin.creditCodes.create(input),
  );
  const { form, dialog } = useContractForm({
    defaultValues: { count: '10', credits: '500', expiresAt: '', label: '' },
    toInput: toBatchRequest,
    schema: batchFormSchema,
    onSave: async (input) => {
      try {
        const made = await create.mutateAsync(input);
        toast.success(creditCodeScreenMessages.created(made.codes.length));
        onMade(made);
        return true;
      } catch (error) {
        toast.error(messageOr(error, creditCodeScreenMessages.createFailed));
        return false;
      }
    },
  });
  return (
    <FormDialog {...dialog} title="New Credit Codes" onClose={onClose} submitLabel="Make Codes">
      <div className="form-grid">
        <FormTextField form={form} name="count" label="How many codes" type="number" min={1} max={1000} step={1} />
        <FormTextField form={form} name="credits" label="Credits each" type="number" min={1} step={1} />
        <FormTextField
          form={form}
          name="expiresAt"
          label="Expires (optional)"
          type="datetime-local"
          hint="Your time zone. Empty: never."
        />
        <FormTextField form={form} name="label" label="Label (optional)" hint="What they are for, e.g. Launch party." />
      </div>
    </FormDialog>
  );
}

function MadeCodesDialog({ made, onClose }: { made: CreateCreditCodesResponse; onClose: () => void }) {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(creditCodesCsv(made))}`;
  const fileName = `credit-codes-${made.batch.createdAt.slice(0, 10)}-${made.batch._id.slice(0, 8)}.csv`;
  return (
    <Dialog
      open
      title="Your New Codes"
      onClose={onClose}
      className="credit-codes-dialog"
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Close
          </button>
          <a className="btn btn-primary" href={href} download={fileName}>
            Download CSV
          </a>
        </>
      }
    >
      <p className="banner banner-warning">{creditCodeScreenMessages.shownOnce}</p>
      <p>
        {made.codes.length} codes worth {formatCredits(made.batch.credits)} credits each
        {made.batch.expiresAt ? `, until ${dateAndTime(made.batch.expiresAt)}` : ''}.
      </p>
      <ol className="credit-code-list">
        {made.codes.map(({ number, code }) => (
          <li key={number}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}

function BatchCodesDialog({ batch, onClose }: { batch: CreditCodeBatch; onClose: () => void }) {
  const api = useAdminApi();
  const toast = useToast();
  const query = useAdminPagedQuery(adminQueries(api).creditCodes(batch._id), (error) =>
    toast.error(describeError(error)),
  );
  const rows = query.data?.pages.flatMap((page) => page.codes) ?? [];
  return (
    <PagedListDialog
      title={`Codes of ${batch.label || dateAndTime(batch.createdAt)}`}
      query={query}
      rows={rows}
      empty="No codes."
      loadMoreLabel="Load more codes"
      onClose={onClose}
      renderRow={(code) => (
        <div className="credit-code-row">
          <span>
            #{code.number} <code>…-{code.hint}</code>
          </span>
          <span className={code.redeemedBy ? '' : 'text-muted'}>
            {code.redeemedBy
              ? `Redeemed by ${code.redeemedBy.username} on ${dateAndTime(code.redeemedAt ?? '')}`
              : code.redeemedAt
                ? `Redeemed on ${dateAndTime(code.redeemedAt)}`
                : 'Not redeemed'}
          </span>
        </div>
      )}
    />
  );
}

export function CreditCodesScreen() {
  const api = useAdminApi();
  const toast = useToast();
  useAdminTitle('Credit Codes');
  const batches = useAdminPagedQuery(adminQueries(api).creditCodeBatches(), (error) =>
    toast.error(messageOr(error, creditCodeScreenMessages.fetchFailed)),
  );
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<CreateCreditCodesResponse | null>(null);
  const [viewing, setViewing] = useState<CreditCodeBatch | null>(null);
  const list = batches.data?.pages.flatMap((page) => page.batches) ?? [];

  return (
    <>
      <ScreenHeader
        title="Credit Codes"
        action={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            + New Codes
          </button>
        }
      >
        Single-use codes worth credits, for events and giveaways. Players redeem them on their dashboard.
      </ScreenHeader>
      {batches.isPending ? (
        <Loading label="Loading credit codes..." />
      ) : list.length === 0 ? (
        <p>No credit codes made yet.</p>
      ) : (
        <DataTable
          label="Credit code batches"
          className="credit-code-table"
          columns={[
            { header: 'Batch', rowHeader: true, cell: (batch) => batch.label || 'Untitled batch' },
            { header: 'Credits each', className: 'cell-number', cell: (batch) => formatCredits(batch.credits) },
            { header: 'Redeemed', cell: (batch) => `${batch.redeemedCount} of ${batch.count}` },
            { header: 'Expires', cell: (batch) => (batch.expiresAt ? dateAndTime(batch.expiresAt) : 'Never') },
            {
              header: 'Made',
              cell: (batch) =>
                `${dateAndTime(batch.createdAt)}${batch.createdBy ? ` by ${batch.createdBy.username}` : ''}`,
            },
          ]}
          rows={list}
          rowKey={(batch) => batch._id}
          rowName={(batch) => batch.label || 'this batch'}
          actions={(batch) => [
            { label: 'Codes', name: `Codes of ${batch.label || 'this batch'}`, onSelect: () => setViewing(batch) },
          ]}
        />
      )}
      <LoadMore query={batches} label="Load more batches" />
      {creating ? (
        <NewBatchForm
          onClose={() => setCreating(false)}
          onMade={(answer) => {
            setCreating(false);
            setMade(answer);
          }}
        />
      ) : null}
      {made ? <MadeCodesDialog made={made} onClose={() => setMade(null)} /> : null}
      {viewing ? <BatchCodesDialog batch={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}
