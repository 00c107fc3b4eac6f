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
import { AppleSecretGenerator, Extensions, JwtGenerator, LogSchemas, Mermaid, RealtimeLimitsEstimator } from './helpers';

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
};

/** Markdown elements given site behaviour. */
export const mdxComponents = {
  ...writerComponents,
  h2: ({ children }: HeadingProps) => <Heading tag="h2">{children}</Heading>,
  h3: ({ children }: HeadingProps) => <Heading tag="h3">{children}</Heading>,
  h4: ({ children }: HeadingProps) => <Heading tag="h4">{children}</Heading>,
  pre: CodeBlock,
  a: SmartLink,
};
