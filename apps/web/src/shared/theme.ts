import type { ThemeConfig } from 'antd';

/**
 * The portal's antd theme: antd's default look with every text colour raised to WCAG 2.1 AA
 * (4.5:1 on white and on antd's light backgrounds). antd's defaults fall short: the primary
 * blue #1677ff as text (links, selected items) is 4.1:1, secondary grey labels 3.36:1, the
 * placeholders 1.83:1, error text 3.27:1, and the preset tags' text on their own tint (green
 * 3.37:1, gold 2.76:1, orange, cyan, lime, yellow). Tags keep their light tints; only the text
 * tone of each preset (its 7th shade) is deepened — as the Tag's own tokens: antd emits the
 * palette's CSS variables from the seed colours, so a global `green7` would not reach them.
 * The shell's own CSS uses the same values.
 */
export const PORTAL_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9', // 6.2:1 (antd's blue-7)
    colorInfo: '#0958d9',
    colorError: '#cf1322', // 5.6:1 (antd's red-7)
    colorSuccess: '#237804', // 5.6:1
    colorWarning: '#ad6800',
    colorWarningText: '#874d00',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)', // 5.7:1, was 0.45
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)', // 4.7:1, was 0.25
    // White on the hovered primary button: antd's lighter hover blue is 3:1.
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
  },
  components: {
    Tag: { green7: '#237804', gold7: '#874d00', orange7: '#ad4e00', cyan7: '#006d75', lime7: '#3f6600', yellow7: '#876800', volcano7: '#ad2102' },
    // The empty table's "no data" is text to read, not a disabled control (antd draws it at 1.83:1).
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.55)' },
    Empty: { colorTextDisabled: 'rgba(0, 0, 0, 0.55)', colorTextDescription: 'rgba(0, 0, 0, 0.6)' },
  },
};
