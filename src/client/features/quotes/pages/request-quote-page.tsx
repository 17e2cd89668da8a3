import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Plus, Trash2 } from 'lucide-react';
import type { CurrentUser } from '@common/contracts/auth';
import type { RequestQuoteBody } from '@common/contracts/quotes';
import { DEFAULT_WASTE_PERCENT } from '@common/domain/square-feet';
import { errorMessage } from '@client/lib/api-client';
import { ApiError } from '@client/lib/api-error';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { useRequestQuote } from '../api/quotes';

interface LineDraft {
  key: number;
  sku: string;
  unit: 'boxes' | 'sqft';
  amount: string;
  waste: string;
  hold: boolean;
}

const emptyLine = (key: number): LineDraft => ({ key, sku: '', unit: 'boxes', amount: '', waste: String(DEFAULT_WASTE_PERCENT), hold: false });

/** /quotes/new: a dealer asks for a price on a project (docs/decisions/0237). */
export function RequestQuotePage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'bold_customer' || user.companyId === null) return <UnauthorizedPage />;
  return <RequestQuoteForm />;
}

function RequestQuoteForm() {
  const [, navigate] = useLocation();
  const request = useRequestQuote();
  const [project, setProject] = useState({ projectName: '', siteAddress: '', contractor: '', installDate: '', notes: '' });
  const [lines, setLines] = useState<LineDraft[]>([emptyLine(1)]);
  const [problems, setProblems] = useState<string[]>([]);
  const setLine = (key: number, change: Partial<LineDraft>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: RequestQuoteBody = {
      projectName: project.projectName,
      siteAddress: project.siteAddress,
      contractor: project.contractor,
      installDate: project.installDate || null,
      notes: project.notes,
      lines: lines.map((l) => ({
        productId: Number(l.sku),
        ...(l.unit === 'boxes' ? { quantity: Number(l.amount) } : { areaSqft: Number(l.amount), wastePercent: Number(l.waste) }),
        holdOneLot: l.hold,
      })),
    };
    setProblems([]);
    request.mutate(body, {
      onSuccess: (quote) => navigate(`/quotes/${quote.id}`),
      onError: (error) => setProblems(error instanceof ApiError && error.fieldErrors.length > 0 ? error.fieldErrors.map((e) => e.message) : [errorMessage(error, 'Please try again.')]),
    });
  }

  return (
    <Page title="Request a Quote" backHref="/quotes" backLabel="Back to quotes" description="Name the job and the tiles. Square feet are rounded up to whole boxes with the waste you give.">
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <Card>
          <CardHeader>
            <CardTitle>Project</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField label="Project name">{(control) => <Input {...control} required value={project.projectName} onChange={(e) => setProject({ ...project, projectName: e.target.value })} />}</FormField>
            <FormField label="Contractor">{(control) => <Input {...control} value={project.contractor} onChange={(e) => setProject({ ...project, contractor: e.target.value })} />}</FormField>
            <FormField label="Site address" className="sm:col-span-2">
              {(control) => <Input {...control} value={project.siteAddress} onChange={(e) => setProject({ ...project, siteAddress: e.target.value })} />}
            </FormField>
            <FormField label="Expected install date">{(control) => <Input {...control} type="date" value={project.installDate} onChange={(e) => setProject({ ...project, installDate: e.target.value })} />}</FormField>
            <FormField label="Notes for us" className="sm:col-span-2">
              {(control) => <Textarea {...control} rows={3} value={project.notes} onChange={(e) => setProject({ ...project, notes: e.target.value })} />}
            </FormField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Tiles</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {lines.map((line, index) => (
              <fieldset key={line.key} className="grid grid-cols-2 gap-3 rounded-md border border-border p-3 sm:grid-cols-[8rem_9rem_1fr_7rem_auto_auto] sm:items-end">
                <legend className="sr-only">Line {index + 1}</legend>
                <FormField label="SKU">{(control) => <Input {...control} inputMode="numeric" value={line.sku} onChange={(e) => setLine(line.key, { sku: e.target.value })} />}</FormField>
                <FormField label="Quantity in">
                  {(control) => (
                    <NativeSelect {...control} value={line.unit} onChange={(e) => setLine(line.key, { unit: e.target.value as LineDraft['unit'] })}>
                      <option value="boxes">Boxes</option>
                      <option value="sqft">Square feet</option>
                    </NativeSelect>
                  )}
                </FormField>
                <FormField label={line.unit === 'boxes' ? 'Boxes' : 'Area (sq ft)'}>
                  {(control) => <Input {...control} inputMode="decimal" value={line.amount} onChange={(e) => setLine(line.key, { amount: e.target.value })} />}
                </FormField>
                {line.unit === 'sqft' ? (
                  <FormField label="Waste %">{(control) => <Input {...control} inputMode="numeric" value={line.waste} onChange={(e) => setLine(line.key, { waste: e.target.value })} />}</FormField>
                ) : (
                  <span className="hidden sm:block" />
                )}
                <div className="flex min-h-11 items-center gap-2">
                  <Checkbox id={`hold-${line.key}`} checked={line.hold} onCheckedChange={(checked) => setLine(line.key, { hold: checked === true })} />
                  <Label htmlFor={`hold-${line.key}`}>Hold one lot</Label>
                </div>
                <Button variant="ghost" aria-label={`Remove line ${index + 1}`} disabled={lines.length === 1} onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}>
                  <Trash2 aria-hidden />
                </Button>
              </fieldset>
            ))}
            <Button variant="outline" className="justify-self-start" onClick={() => setLines((all) => [...all, emptyLine(Math.max(...all.map((l) => l.key)) + 1)])}>
              <Plus aria-hidden /> Add a line
            </Button>
          </CardContent>
        </Card>
        {problems.length > 0 && (
          <Alert variant="destructive" role="alert">
            <AlertTitle>The quote was not requested</AlertTitle>
            <AlertDescription>
              <ul className="list-disc pl-4">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={request.isPending} loadingText="Requesting...">
            Request quote
          </Button>
        </div>
      </form>
    </Page>
  );
}
