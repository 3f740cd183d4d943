import type { ReactNode } from 'react';
import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from '../../components/ui/table';

/** The frame of a trucks or loads table: its caption, the feature's column heads, a head for the row actions. */
export function BoardTable({
  caption,
  heads,
  children,
}: {
  caption: string;
  heads: ReactNode;
  children: ReactNode;
}) {
  return (
    <Table className="min-w-[64rem]">
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {heads}
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
