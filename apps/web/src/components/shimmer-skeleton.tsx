import { Skeleton, type SkeletonProps } from '@mantine/core';
import classes from './shimmer-skeleton.module.css';

/** Mantine's Skeleton with a shimmer sweep (spec point 2 "Other"). */
export function ShimmerSkeleton({ className, ...props }: SkeletonProps) {
  const classNames = className ? `${classes.shimmer} ${className}` : classes.shimmer;
  return <Skeleton {...props} animate={false} className={classNames} />;
}
