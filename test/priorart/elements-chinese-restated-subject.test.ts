// A Chinese claim often names its subject again before the parts: 「一种电动车电量通知系统，其特征在于，所述系统包括：车辆端处理单元，…」.
// 「所述系统包括：」 is the transition, as "the system comprising:" is in English; it was charted as the first element's
// opening (a result page showed 「所述系统包括：车辆端处理单元，…」). A part of the claimed thing that lists its own parts
// (「所述器具包括：」 of a 器具组件) stays. Expected elements written by hand from the claims (cn-text).
import { cutElements } from '../../src/priorart/elements.ts';

const texts = (claim: string) => cutElements(claim, true).map((element) => element.text);

test('CN109532713A claim 1: the first part opens on its name, not on 「所述系统包括：」', () => {
  const elements = texts(
    '一种电动车电量通知系统，其特征在于，所述系统包括：车辆端处理单元，用于获取电动车电池的电池信息，所述电池信息至少包括该电池的电量信息；车辆端通信单元，用于发送该电池信息；终端通信单元，其设置在与该电动车关联的电子终端中，用于接收所述电池信息；电量处理单元，其设置在所述电子终端中，用于在所述电子终端检测到与特定区域有关的传输设备时，基于所接收的电池信息确定电池电量是否低于充电阈值，并在确定所述电池电量低于充电阈值的情况下生成电池电量信息并输出。',
  );
  expect(elements.slice(0, 4)).toEqual([
    '一种电动车电量通知系统',
    '车辆端处理单元，用于获取电动车电池的电池信息，所述电池信息至少包括该电池的电量信息',
    '车辆端通信单元，用于发送该电池信息',
    '终端通信单元，其设置在与该电动车关联的电子终端中，用于接收所述电池信息',
  ]);
});

test('CN110920172A claim 1 (「所述共混聚酯薄膜包括…」 without a colon) and a dependent claim (「所述方法还包括：」)', () => {
  expect(texts('一种共混聚酯薄膜，其特征在于，所述共混聚酯薄膜包括共聚聚酯和均聚聚酯；所述共聚聚酯为PETG。')[1]).toBe('共聚聚酯和均聚聚酯');
  expect(texts('根据权利要求1-9任一项所述的方法，其特征在于，所述方法还包括：所述第一终端从所述第二终端获取第三终端的相对位置。')[1]).toBe('所述第一终端从所述第二终端获取第三终端的相对位置');
});

test('CN109407724A claim 9: 「所述器具包括：」 of a 器具组件 names a part, and stays', () => {
  expect(
    texts(
      '根据权利要求8所述的器具组件，其特征在于，所述器具包括：通信装置，与所述至少一个遥控装置和所述加热平台进行通信，用于接收来自所述至少一个遥控装置的设置指令，并将所述设置指令发送至所述器具的第一控制器，所述第一控制器根据所述设置指令生成第一数据并将所述第一数据发送至所述加热平台。',
    )[1],
  ).toBe('所述器具包括：通信装置');
});
