import { Anchor, Button, Group, Menu, Progress, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconDownload,
  IconFileExport,
  IconTableExport,
} from '@tabler/icons-react';
import { type MouseEvent, useState } from 'react';
import { useCan } from '../../app/session.ts';
import { toast } from '../toast.ts';
import { saveDownload } from './save-download.ts';
import { useExportJob } from './use-export-job.ts';
import { type ListingParams, exportQuery } from './use-listing.ts';

/**
 * The ways a list exports. `csv`: its CSV route, which reads the same filters as a query string;
 * `job`: its name for a background export of any size. Each is offered only with the permission
 * its route checks.
 */
export type ListExports = {
  csv?: { url: string; permission?: string };
  job?: { list: string; permission?: string };
};

/** What a running or finished background export says beside the menu. */
function JobStatus({ job }: { job: ReturnType<typeof useExportJob> }) {
  const { current, running } = job;
  if (running)
    return (
      <Group gap={6} wrap="nowrap" w={160}>
        <Progress
          value={current?.progress ?? 0}
          animated
          style={{ flex: 1 }}
          aria-label="Export progress"
        />
        <Text size="xs" c="dimmed">
          {current?.progress ?? 0}%
        </Text>
      </Group>
    );
  if (current?.state === 'done' && current.download_url)
    return (
      <Anchor href={current.download_url} download={current.filename} size="sm">
        Download {current.filename} ({current.rows?.toLocaleString('en-US')} rows)
      </Anchor>
    );
  if (current?.state === 'failed')
    return (
      <Text size="sm" c="red">
        {current.message}
      </Text>
    );
  return null;
}

/**
 * The one Export menu of a list, in its table's toolbar: "Export CSV" downloads the rows the
 * table shows (every page, same filters, search and sort) at once; "Background export" makes
 * the file as a job and links it here when ready. The CSV item stays a link (its address can be
 * copied), but a click fetches the file first so a refusal shows the server's message.
 */
export function ExportMenu({ exports, params }: { exports: ListExports; params: ListingParams }) {
  const can = useCan();
  const csv =
    exports.csv && (!exports.csv.permission || can(exports.csv.permission))
      ? exports.csv
      : undefined;
  const jobList = exports.job && (!exports.job.permission || can(exports.job.permission)) ? exports.job.list : undefined;
  const job = useExportJob(jobList, params);
  const hasJob = jobList !== undefined;
  const [downloading, setDownloading] = useState(false);
  if (!csv && !hasJob) return null;
  const href = csv && `${csv.url}?${exportQuery(params)}`;

  const handleCsv = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!href) return;
    setDownloading(true);
    try {
      await saveDownload(href);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Group gap="sm" wrap="nowrap">
      <JobStatus job={job} />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            rightSection={<IconChevronDown size={14} />}
            loading={downloading || job.starting}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {href && (
            <Menu.Item
              component="a"
              href={href}
              download
              leftSection={<IconTableExport size={16} />}
              onClick={(e: MouseEvent<HTMLAnchorElement>) => void handleCsv(e)}
            >
              Export CSV
            </Menu.Item>
          )}
          {hasJob && (
            <Menu.Item
              leftSection={<IconFileExport size={16} />}
              disabled={job.running}
              onClick={() => void job.start()}
            >
              Background export
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
