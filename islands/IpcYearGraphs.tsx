// IPC by filing year graphs of a simple search: placeholder until the d3 graphs land.
import type { IpcYearGraphData } from '../src/search/result-types.ts';

export interface IpcYearGraphsProps {
  data: IpcYearGraphData;
}

export default function IpcYearGraphs({ data }: IpcYearGraphsProps) {
  return <div className="ipc-graphs" data-documents={data.documentCount} />;
}
