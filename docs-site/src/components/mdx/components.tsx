// The component map every guide renders with (MDXProvider). Keep it in step with
// src/data/mdx-components.json: the build rejects capitalised tags that are not listed there.
import React from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import Admonition from './Admonition';
import AuthProviders from './AuthProviders';
import CodeBlock from './CodeBlock';
import Heading from './Heading';
import SmartLink from './SmartLink';
import TabPanel from './TabPanel';
import Tabs from './Tabs';
import ProjectConfigVariables from '../project-config/ProjectConfigVariables';
import Mermaid from './Mermaid';
import MethodExample from './MethodExample';
import { AppleSecretGenerator, Extensions, JwtGenerator, LogSchemas, RealtimeLimitsEstimator } from './helpers';

type HeadingProps = ComponentPropsWithoutRef<'h2'>;

/** Components writers use by name. */
export const writerComponents = {
  Admonition,
  Tabs,
  TabPanel,
  AuthProviders,
  AppleSecretGenerator,
  JwtGenerator,
  Extensions,
  Mermaid,
  RealtimeLimitsEstimator,
  LogSchemas,
  ProjectConfigVariables,
  MethodExample,
};

/** Markdown elements given site behaviour. */
export const mdxComponents = {
  ...writerComponents,
  h2: ({ children }: HeadingProps) => <Heading tag="h2">{children}</Heading>,
  h3: ({ children }: HeadingProps) => <Heading tag="h3">{children}</Heading>,
  h4: ({ children }: HeadingProps) => <Heading tag="h4">{children}</Heading>,
  pre: CodeBlock,
  // Wide tables scroll inside the article instead of widening the page on phones.
  table: (props: ComponentPropsWithoutRef<'table'>) => <div className="table-scroll" tabIndex={0}><table {...props} /></div>,
  // Not for writers: what plugins/rehype-code-html.mjs turns highlighted code blocks into.
  CodeBlock,
  a: SmartLink,
};
