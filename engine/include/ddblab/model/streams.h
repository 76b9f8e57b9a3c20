// The DynamoDB Streams API (ListStreams, DescribeStream, GetShardIterator, GetRecords) written
// once as data (ddblab/model/shape.h), served beside DynamoDB's own operations on the same
// engine. Members, types and required members as in the DynamoDB Streams service model, in its
// member order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddblab/model/key_schema.h"
#include "ddblab/model/shape.h"
#include "ddblab/value.h"

namespace ddblab {

// ---------------------------------------------------------------- ListStreams

// A listing's Limit is 1..100 (DynamoDB Streams answers more with the range message).
#define DDBLAB_SHAPE_ListStreamsRequest(M)                                              \
  M(TableName, table_name, std::string, model::kOptional, model::kTableName)            \
  M(Limit, limit, int, model::kOptional, model::Range(1, 100))                          \
  M(ExclusiveStartStreamArn, exclusive_start_stream_arn, std::string, model::kOptional, \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ListStreamsRequest)

// DynamoDB Streams' Stream shape: one stream of a listing.
#define DDBLAB_SHAPE_StreamSummary(M)                                           \
  M(StreamArn, stream_arn, std::string, model::kRequired, model::kNoConstraint) \
  M(TableName, table_name, std::string, model::kRequired, model::kNoConstraint) \
  M(StreamLabel, stream_label, std::string, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(StreamSummary)

#define DDBLAB_SHAPE_ListStreamsResponse(M)                                               \
  M(Streams, streams, std::vector<StreamSummary>, model::kRequired, model::kNoConstraint) \
  M(LastEvaluatedStreamArn, last_evaluated_stream_arn, std::string, model::kOptional,     \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ListStreamsResponse)

// ---------------------------------------------------------------- DescribeStream

#define DDBLAB_SHAPE_DescribeStreamRequest(M)                                       \
  M(StreamArn, stream_arn, std::string, model::kRequired, model::kNoConstraint)     \
  M(Limit, limit, int, model::kOptional, model::Range(1, 100))                      \
  M(ExclusiveStartShardId, exclusive_start_shard_id, std::string, model::kOptional, \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(DescribeStreamRequest)

// The sequence numbers a shard holds; a closed shard's ends at its last record.
#define DDBLAB_SHAPE_SequenceNumberRange(M)                                          \
  M(StartingSequenceNumber, starting_sequence_number, std::string, model::kRequired, \
    model::kNoConstraint)                                                            \
  M(EndingSequenceNumber, ending_sequence_number, std::string, model::kOptional,     \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(SequenceNumberRange)

// DynamoDB Streams' Shard shape.
#define DDBLAB_SHAPE_ShardDescription(M)                                               \
  M(ShardId, shard_id, std::string, model::kRequired, model::kNoConstraint)            \
  M(SequenceNumberRange, sequence_number_range, SequenceNumberRange, model::kRequired, \
    model::kNoConstraint)                                                              \
  M(ParentShardId, parent_shard_id, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(ShardDescription)

// StreamStatus is ENABLED or DISABLED (ddblab applies changes at once); the creation time is in
// seconds since the epoch.
#define DDBLAB_SHAPE_StreamDescription(M)                                                         \
  M(StreamArn, stream_arn, std::string, model::kRequired, model::kNoConstraint)                   \
  M(StreamLabel, stream_label, std::string, model::kRequired, model::kNoConstraint)               \
  M(StreamStatus, stream_status, std::string, model::kRequired, model::kNoConstraint)             \
  M(StreamViewType, stream_view_type, std::string, model::kRequired, model::kNoConstraint)        \
  M(CreationRequestDateTime, creation_request_date_time, double, model::kRequired,                \
    model::kNoConstraint)                                                                         \
  M(TableName, table_name, std::string, model::kRequired, model::kNoConstraint)                   \
  M(KeySchema, key_schema, std::vector<KeySchemaElement>, model::kRequired, model::kNoConstraint) \
  M(Shards, shards, std::vector<ShardDescription>, model::kRequired, model::kNoConstraint)        \
  M(LastEvaluatedShardId, last_evaluated_shard_id, std::string, model::kOptional,                 \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(StreamDescription)

#define DDBLAB_SHAPE_DescribeStreamResponse(M)                                  \
  M(StreamDescription, stream_description, StreamDescription, model::kRequired, \
    model::kNoConstraint)
DDBLAB_MODEL_STRUCT(DescribeStreamResponse)

// ---------------------------------------------------------------- GetShardIterator

// A SequenceNumber goes with AT_SEQUENCE_NUMBER and AFTER_SEQUENCE_NUMBER only (the engine's
// rule).
#define DDBLAB_SHAPE_GetShardIteratorRequest(M)                                   \
  M(StreamArn, stream_arn, std::string, model::kRequired, model::kNoConstraint)   \
  M(ShardId, shard_id, std::string, model::kRequired, model::kNoConstraint)       \
  M(ShardIteratorType, shard_iterator_type, std::string, model::kRequired,        \
    model::OneOf("AFTER_SEQUENCE_NUMBER|LATEST|AT_SEQUENCE_NUMBER|TRIM_HORIZON")) \
  M(SequenceNumber, sequence_number, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(GetShardIteratorRequest)

#define DDBLAB_SHAPE_GetShardIteratorResponse(M) \
  M(ShardIterator, shard_iterator, std::string, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(GetShardIteratorResponse)

// ---------------------------------------------------------------- GetRecords

#define DDBLAB_SHAPE_GetRecordsRequest(M)                                               \
  M(ShardIterator, shard_iterator, std::string, model::kRequired, model::kNoConstraint) \
  M(Limit, limit, int, model::kOptional, model::Range(1, 1000))
DDBLAB_MODEL_STRUCT(GetRecordsRequest)

// DynamoDB Streams' StreamRecord shape, a record's `dynamodb` member: the item's key, the images
// the stream's view type keeps, and where the record sits. The creation time is whole seconds
// since the epoch; SizeBytes counts the keys and images.
#define DDBLAB_SHAPE_StreamRecordDetail(M)                                                 \
  M(ApproximateCreationDateTime, approximate_creation_date_time, double, model::kRequired, \
    model::kNoConstraint)                                                                  \
  M(Keys, keys, Item, model::kRequired | model::kKey, model::kNoConstraint)                \
  M(NewImage, new_image, Item, model::kOptional | model::kItem, model::kNoConstraint)      \
  M(OldImage, old_image, Item, model::kOptional | model::kItem, model::kNoConstraint)      \
  M(SequenceNumber, sequence_number, std::string, model::kRequired, model::kNoConstraint)  \
  M(SizeBytes, size_bytes, int64_t, model::kRequired, model::kNoConstraint)                \
  M(StreamViewType, stream_view_type, std::string, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(StreamRecordDetail)

// DynamoDB Streams' Identity shape: who made a change the table's users did not (a Time to Live
// deletion is made by "dynamodb.amazonaws.com", of Type "Service").
#define DDBLAB_SHAPE_StreamUserIdentity(M)                                          \
  M(PrincipalId, principal_id, std::string, model::kRequired, model::kNoConstraint) \
  M(Type, type, std::string, model::kRequired, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(StreamUserIdentity)

// DynamoDB Streams' Record shape: one change as GetRecords returns it. eventName is INSERT,
// MODIFY or REMOVE; eventVersion and eventSource are "1.1" and "aws:dynamodb".
#define DDBLAB_SHAPE_StreamRecord(M)                                                  \
  M(eventID, event_id, std::string, model::kRequired, model::kNoConstraint)           \
  M(eventName, event_name, std::string, model::kRequired, model::kNoConstraint)       \
  M(eventVersion, event_version, std::string, model::kRequired, model::kNoConstraint) \
  M(eventSource, event_source, std::string, model::kRequired, model::kNoConstraint)   \
  M(awsRegion, aws_region, std::string, model::kRequired, model::kNoConstraint)       \
  M(dynamodb, dynamodb, StreamRecordDetail, model::kRequired, model::kNoConstraint)   \
  M(userIdentity, user_identity, StreamUserIdentity, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(StreamRecord)

// Whether `r` records a Time to Live deletion (made by the service, not by a request).
inline bool ByTimeToLive(const StreamRecord& r) {
  return r.user_identity && r.user_identity->type == "Service" &&
         r.user_identity->principal_id == "dynamodb.amazonaws.com";
}

// NextShardIterator is absent at the end of a closed shard.
#define DDBLAB_SHAPE_GetRecordsResponse(M)                                               \
  M(Records, records, std::vector<StreamRecord>, model::kRequired, model::kNoConstraint) \
  M(NextShardIterator, next_shard_iterator, std::string, model::kOptional, model::kNoConstraint)
DDBLAB_MODEL_STRUCT(GetRecordsResponse)

}  // namespace ddblab
