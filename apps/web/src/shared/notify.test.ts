import { afterEach, describe, expect, it } from 'vitest';
import { closeToast, currentToasts, notifyError, notifySuccess, showToast, watchToasts } from './notify.ts';

describe('toasts', () => {
  let stop = () => {};
  afterEach(() => {
    for (const toast of currentToasts()) closeToast(toast.id);
    stop();
  });

  it('are dropped while no toaster is on the page (the sign-in screens show their errors inline)', () => {
    notifyError('Máy chủ không phản hồi');
    expect(currentToasts()).toEqual([]);
  });

  it('show once per message, and a toast shown again under its id replaces the first', () => {
    stop = watchToasts(() => {});
    notifyError('Máy chủ không phản hồi');
    notifyError('Máy chủ không phản hồi');
    notifySuccess('Đã lưu');
    showToast({ id: 'n1', type: 'warning', title: 'CRM: một' });
    showToast({ id: 'n1', type: 'warning', title: 'CRM: hai' });
    expect(currentToasts().map(({ type, title }) => `${type} ${title}`)).toEqual(['error Máy chủ không phản hồi', 'success Đã lưu', 'warning CRM: hai']);
    closeToast('n1');
    expect(currentToasts()).toHaveLength(2);
  });
});
